/** Plain-text name lists: the format of `--names` and `--words` files. */

const LINE_BREAK = /\r\n|\r|\n/;
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The names of a name list (`--names` files): one per line, `#` starting a comment on its own line or
 * after a name, names trimmed and blank lines skipped; CRLF, lone CR and a leading byte-order mark are
 * accepted. Never throws: the worst input just yields many (or odd) names.
 */
export function parseNameList(text: string): string[] {
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const names: string[] = [];
  for (const line of body.split(LINE_BREAK)) {
    const comment = line.indexOf('#');
    const name = (comment === -1 ? line : line.slice(0, comment)).trim();
    if (name.length > 0) names.push(name);
  }
  return names;
}
