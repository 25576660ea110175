/** Why the last sign-out happened, for Welcome to say; kept for the tab only, read once. */
const key = 'signet-logout-reason';

export function rememberIdleLogout(): void {
  sessionStorage.setItem(key, 'idle');
}

/** True once after an idle logout; the reason is forgotten when read. */
export function takeIdleLogout(): boolean {
  const idle = sessionStorage.getItem(key) === 'idle';
  sessionStorage.removeItem(key);
  return idle;
}
