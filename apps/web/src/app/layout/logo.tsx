/** The Signet mark: a signature stroke on a rounded square. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Signet">
      <rect width="32" height="32" rx="7" fill="#1f4e8c" />
      <path
        d="M7 22c3-1 4-9 7-9s1 8 4 8 3-5 5-5 2 3 2 3"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M7 25h18" stroke="#9cc3ff" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
