/**
 * The hook for the `devices` work (issue 13): how many enabled devices the signer has, for the
 * implicit-credential rules of D§5 and the blue note. Undefined means "not known", which blocks
 * nothing; the devices feature answers the real count here once it lands.
 */
export function useEnabledDeviceCount(): number | undefined {
  return undefined;
}
