/** Where sign-in returns to: a same-origin path, never an absolute URL (no open redirect). */
export function safeReturnTarget(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

/** The return target carried through a redirect sign-in in the OIDC `state`. */
export function returnTargetFromState(state: unknown, fallback: string): string {
  if (state && typeof state === 'object' && 'returnTo' in state) {
    const { returnTo } = state as { returnTo: unknown };
    return safeReturnTarget(typeof returnTo === 'string' ? returnTo : null, fallback);
  }
  return fallback;
}
