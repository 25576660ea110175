import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column wraps only before the `@` and after a dot, never in the
 * middle of a name (`overflow-wrap: anywhere` would cut `alexandra` into `alexan` / `dra`).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
