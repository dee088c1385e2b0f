/**
 * Control characters a terminal or a text view would act on: C0 (newline, carriage return, ESC …), DEL, C1
 * (including the one-byte CSI) and the Unicode bidirectional overrides and isolates that reorder what is shown.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const control = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/**
 * Makes text from the input safe to print on one line of a terminal or a text view: every control
 * character becomes a visible escape (`\n`, `\x1b`, `\u202e`), so a name cannot forge a line such as
 * `Health Status: Healthy` or colour the screen. A backslash is doubled only when the text has something to
 * escape, so ordinary text (Windows paths included) prints unchanged, and escaped text is never ambiguous.
 *
 * @example
 * escapeControl('web\nHealth Status: Healthy'); // 'web\\nHealth Status: Healthy'
 * escapeControl('\u001b[31mred'); // '\\x1b[31mred'
 */
export function escapeControl(text: string): string {
  control.lastIndex = 0;
  if (!control.test(text)) return text;
  return text.replace(/\\/g, '\\\\').replace(control, (c) => {
    if (named[c]) return named[c];
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
