import { createCanvas } from '@napi-rs/canvas';

/** A drawn-looking signature: a red wave on a transparent background, as a PNG or JPEG. */
export async function signatureImage(
  type: 'png' | 'jpeg' = 'png',
  width = 300,
  height = 100,
): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (type === 'jpeg') {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
  }
  ctx.strokeStyle = '#d00000';
  ctx.lineWidth = 8;
  ctx.beginPath();
  for (let x = 10; x < width - 10; x += 2) {
    const y = height / 2 + Math.sin((x / width) * Math.PI * 4) * (height / 3);
    if (x === 10) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
  return type === 'png' ? canvas.encode('png') : canvas.encode('jpeg');
}

export const dataUrl = (bytes: Uint8Array, type = 'image/png') =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
