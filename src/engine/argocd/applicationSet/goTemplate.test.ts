import { describe, expect, it } from 'vitest';
import { goTemplateOptionsFrom, renderGoTemplate } from './goTemplate';
import { renderFastTemplate } from './fastTemplate';

const plain = goTemplateOptionsFrom([]);
const strict = goTemplateOptionsFrom(['missingkey=error']);

// Mirrors applicationset/utils/utils_test.go TestRenderTemplateParamsGoTemplate, one `it` per Go sub-case the
// simulator supports (if/range/toYaml are refused, see the last cases).
describe('TestRenderTemplateParamsGoTemplate', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['simple substitution', '{{ .one }}', { one: 'two' }, 'two'],
    ['simple substitution without spaces', '{{.one}}', { one: 'two' }, 'two'],
    ['template contains itself, containing itself', '{{ .one }}', { one: '{{one}}' }, '{{one}}'],
    ['template contains itself, containing something else', '{{ .one }}', { one: '{{two}}' }, '{{two}}'],
    ['multiple on a line', '{{.one}}{{.one}}', { one: 'two' }, 'twotwo'],
    ['multiple different on a line', '{{.one}}{{.three}}', { one: 'two', three: 'four' }, 'twofour'],
    [
      'multiple different on a line with quote',
      '{{.one}} {{.three}}',
      { one: '"hello" world', three: 'four' },
      '"hello" world four',
    ],
    [
      'depth',
      '{{ .image.version }}',
      { replicas: 3, image: { name: 'busybox', version: 'latest' } },
      'latest',
    ],
    [
      'multiple depth',
      '{{ .image.name }}:{{ .image.version }}',
      { replicas: 3, image: { name: 'busybox', version: 'latest' } },
      'busybox:latest',
    ],
    [
      'Index',
      '{{ index .admin "admin-ca" }}, {{ index .admin "admin-jks" }}',
      { admin: { 'admin-ca': 'value admin ca', 'admin-jks': 'value admin jks' } },
      'value admin ca, value admin jks',
    ],
    ['quote', '{{.quote}}', { quote: '"' }, '"'],
    ['a number prints as Go prints it', 'replicas={{ .replicas }}', { replicas: 3 }, 'replicas=3'],
    ['a pipeline through Sprig functions', '{{ .env | upper }}-{{ "X" | lower }}', { env: 'dev' }, 'DEV-x'],
    ['trim markers eat the spaces next to them', 'a  {{- .one -}}  b', { one: '1' }, 'a1b'],
    [
      'lookup missing value with missingkey=default',
      '--> {{.doesnotexist}} <--',
      { unused: 'this is not used' },
      '--> <no value> <--',
    ],
  ];
  for (const [name, template, params, expected] of cases) {
    it(name, () => {
      expect(renderGoTemplate(template, params, plain)).toEqual({ ok: true, value: expected });
    });
  }

  it('Test Parse Error', () => {
    expect(renderGoTemplate('{{functiondoesnotexist}}', { data: 'a data string' }, plain)).toEqual({
      ok: false,
      error:
        'failed to parse template {{functiondoesnotexist}}: template: base:1: function "functiondoesnotexist" not defined',
    });
  });

  it('Test template error', () => {
    expect(renderGoTemplate('{{.data.test}}', { data: 'a data string' }, plain)).toEqual({
      ok: false,
      error:
        'failed to execute go template {{.data.test}}: template: base:1:7: executing "base" at <.data.test>: ' +
        "can't evaluate field test in type interface {}",
    });
  });

  it('lookup missing value with missingkey=error', () => {
    expect(renderGoTemplate('--> {{.doesnotexist}} <--', { unused: 'this is not used' }, strict)).toEqual({
      ok: false,
      error:
        'failed to execute go template --> {{.doesnotexist}} <--: template: base:1:6: executing "base" at ' +
        '<.doesnotexist>: map has no entry for key "doesnotexist"',
    });
  });

  it('names the nested key and its line and column when missingkey=error', () => {
    const result = renderGoTemplate('first\n  {{ .image.tag }}', { image: { name: 'x' } }, strict);
    expect(result).toEqual({
      ok: false,
      error:
        'failed to execute go template first\n  {{ .image.tag }}: template: base:2:11: executing "base" at ' +
        '<.image.tag>: map has no entry for key "tag"',
    });
  });

  it('refuses control structures it does not simulate, saying so, instead of rendering them wrongly', () => {
    const result = renderGoTemplate('{{ if .a }}x{{ end }}', { a: true }, plain);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('{{if}} is not supported by the simulator');
  });

  it('reports an unclosed action instead of hanging', () => {
    expect(renderGoTemplate('{{ .one', { one: 'x' }, plain)).toEqual({
      ok: false,
      error: 'failed to parse template {{ .one: template: base:1: unclosed action',
    });
  });
});

// Mirrors applicationset/utils/utils_test.go TestRenderTemplateParams (fasttemplate, goTemplate off).
describe('TestRenderTemplateParams', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['simple substitution', '{{one}}', { one: 'two' }, 'two'],
    ['simple substitution with whitespace', '{{ one }}', { one: 'two' }, 'two'],
    ['template characters but not in a template', '}} {{', { one: 'two' }, '}} {{'],
    ['nested template', '{{ }}', { one: '{{ }}' }, '{{ }}'],
    ['field with whitespace', '{{ }}', { ' ': 'two', '': 'three' }, '{{ }}'],
    ['template contains itself, containing itself', '{{one}}', { '{{one}}': '{{one}}' }, '{{one}}'],
    ['template contains itself, containing something else', '{{one}}', { '{{one}}': '{{two}}' }, '{{one}}'],
    ['templates are case sensitive', '{{ONE}}', { '{{one}}': 'two' }, '{{ONE}}'],
    ['multiple on a line', '{{one}}{{one}}', { one: 'two' }, 'twotwo'],
    ['multiple different on a line', '{{one}}{{three}}', { one: 'two', three: 'four' }, 'twofour'],
    [
      'multiple different on a line with quote',
      '{{one}} {{three}}',
      { one: '"hello" world', three: 'four' },
      '"hello" world four',
    ],
    ['an unknown key is left verbatim', 'apps/{{ cluster }}', { env: 'dev' }, 'apps/{{ cluster }}'],
  ];
  for (const [name, template, params, expected] of cases) {
    it(name, () => {
      expect(renderFastTemplate(template, params)).toEqual({ ok: true, value: expected });
    });
  }

  it('Test_Render_Replace_no_panic_on_missing_closing_brace', () => {
    const result = renderFastTemplate('{{properly.closed}} {{improperly.closed}', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('Cannot find end tag="}}"');
  });
});
