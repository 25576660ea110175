/**
 * A multipart/form-data body as a browser would send it (built by the platform's own FormData),
 * for `app.inject`: the bytes and the content type with its boundary.
 */
export async function multipartBody(
  fields: Record<string, string>,
  files: { field: string; name: string; bytes: Uint8Array; type?: string }[],
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field,
      new Blob([file.bytes], { type: file.type ?? 'application/pdf' }),
      file.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}
