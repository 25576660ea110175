const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The default date format of spec platform §9: year.month.day hour:minute:second in local time
 * (`2026.11.21 22:05:09`). An unparseable value is shown as it came; none (`null`, `undefined`,
 * `''`) as `—`.
 */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const day = `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${day} ${time}`;
}
