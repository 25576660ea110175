/** Saves text as a file through a temporary object URL. */
export function downloadText(fileName: string, text: string, type = 'application/x-pem-file') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Accepted certificate files (spec platform §5). */
export const certificateFileExtensions = ['.pem', '.cer', '.crt'] as const;

export function isCertificateFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return certificateFileExtensions.some((extension) => lower.endsWith(extension));
}

/** PEM text as is; DER bytes as base64 (the server accepts both). */
export function certificateFileText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('-----BEGIN')) return text;
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
