import { describe, expect, it } from 'vitest';
import { escapeControl } from './escapeControl';

describe('escapeControl (control characters in text output)', () => {
  it('turns a newline into a visible \\n, so a name cannot start a line of its own', () => {
    expect(escapeControl('web\nHealth Status:      Healthy')).toBe('web\\nHealth Status:      Healthy');
  });

  it('escapes ANSI ESC, carriage return, DEL, a C1 CSI and a right-to-left override', () => {
    expect(escapeControl('\u001b[31mred\r\u007f\u009b2J\u202eevil')).toBe(
      '\\x1b[31mred\\r\\x7f\\x9b2J\\u202eevil',
    );
  });

  it('leaves ordinary text alone, backslashes and non-ASCII letters included', () => {
    expect(escapeControl('C:\\temp — café ✓')).toBe('C:\\temp — café ✓');
  });

  it('doubles backslashes in text it escapes, so an escape cannot be faked', () => {
    expect(escapeControl('a\\nb\n')).toBe('a\\\\nb\\n');
  });
});
