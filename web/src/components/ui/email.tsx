import { Fragment } from 'react';

/**
 * An email address shown whole: it may break before the @ and after a dot, hyphen, plus or
 * underscore (<wbr>), so a long one wraps where a reader expects instead of being cut short;
 * the parent's `[overflow-wrap:anywhere]` is the fallback for a part longer than the line.
 */
export function Email({ value }: { value: string }) {
  const parts = value.split(/(?<=[.\-+_])|(?=@)/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
