/**
 * The CodeMirror 6 editor of the manifests. This module is loaded on demand (a dynamic `import()` from
 * ManifestEditor.svelte), so CodeMirror stays out of the page's initial JavaScript.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, StateEffect, StateField, type Text } from '@codemirror/state';
import {
  Decoration,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';

/** An error to mark: a 1-based line and column in the text, and the message in plain words. */
export interface EditorError {
  line: number;
  column: number;
  message: string;
}

export interface EditorOptions {
  parent: HTMLElement;
  doc: string;
  /** The accessible name of the text area. */
  label: string;
  /** Called with the whole text after every change the user makes (not after `setDoc`). */
  onChange: (text: string) => void;
}

export interface ManifestEditorHandle {
  getDoc(): string;
  /** Replace the whole text (a scenario switch, a reset); this is not reported through `onChange`. */
  setDoc(text: string): void;
  /** Mark the error's line (a lint diagnostic from its column to the line's end, a gutter marker, a tint). */
  setError(error: EditorError | undefined): void;
  /**
   * Mark each warning from its column to its line's end (a lint warning and its gutter marker, no tint): the text
   * is read and runs, but something in it is worth saying where it is written.
   */
  setWarnings(warnings: readonly EditorError[]): void;
  focus(): void;
  destroy(): void;
}

/**
 * Create the editor inside `parent`. Colours come from CSS custom properties (`--cm-*` set by the panel, and
 * the page's `--panel-2`, `--text` …), so the editor follows the light and dark themes without being rebuilt.
 */
export function createEditor(options: EditorOptions): ManifestEditorHandle {
  let external = false;
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        lineNumbers(),
        lintGutter(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        // Tab indents, as YAML wants; Escape then Tab still leaves the editor (CodeMirror's tab-focus mode).
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorState.tabSize.of(2),
        yaml(),
        syntaxHighlighting(yamlColours),
        errorLineField,
        theme,
        // An explicit tabindex tells checkers (axe) what browsers already know: the text area takes the focus.
        EditorView.contentAttributes.of({ 'aria-label': options.label, tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !external) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  // The error and the warnings are set apart but shown as one set of diagnostics (setDiagnostics replaces them all).
  let shownError: EditorError | undefined;
  let shownWarnings: readonly EditorError[] = [];
  const showDiagnostics = () => {
    const diagnostics: Diagnostic[] = [];
    const mark = (at: EditorError, severity: Diagnostic['severity']) => {
      const range = errorRange(view.state.doc, at);
      diagnostics.push({ from: range.from, to: range.to, severity, message: at.message });
    };
    for (const warning of shownWarnings) mark(warning, 'warning');
    if (shownError) mark(shownError, 'error');
    // CodeMirror wants diagnostics ordered by position.
    diagnostics.sort((a, b) => a.from - b.from || a.to - b.to);
    view.dispatch(setDiagnostics(view.state, diagnostics));
  };

  return {
    getDoc: () => view.state.doc.toString(),
    setDoc(text) {
      if (text === view.state.doc.toString()) return;
      external = true;
      try {
        view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      } finally {
        external = false;
      }
    },
    setError(error) {
      shownError = error;
      showDiagnostics();
      view.dispatch({ effects: setErrorLine.of(error ? errorRange(view.state.doc, error).line : undefined) });
    },
    setWarnings(warnings) {
      shownWarnings = warnings;
      showDiagnostics();
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}

/** Where in the document an error at (line, column) is: from its column to the end of its line, clamped. */
export function errorRange(doc: Text, error: { line: number; column: number }) {
  const line = doc.line(Math.min(Math.max(1, error.line), doc.lines));
  const from = line.from + Math.min(Math.max(0, error.column - 1), line.length);
  return { line: line.number, from, to: from < line.to ? line.to : from };
}

const setErrorLine = StateEffect.define<number | undefined>();
const errorLineMark = Decoration.line({ attributes: { class: 'cm-errorLine' } });

/** The tinted error line, kept on its line while the user edits around it until the next setError. */
const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setErrorLine)) continue;
      const line = effect.value;
      next =
        line === undefined
          ? Decoration.none
          : Decoration.set([errorLineMark.range(tr.state.doc.line(line).from)]);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const yamlColours = HighlightStyle.define([
  { tag: tags.definition(tags.propertyName), color: 'var(--cm-key)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--cm-string)' },
  { tag: tags.content, color: 'var(--cm-value)' },
  { tag: tags.lineComment, color: 'var(--cm-comment)', fontStyle: 'italic' },
  { tag: [tags.meta, tags.keyword], color: 'var(--cm-meta)', fontWeight: '700' },
  { tag: [tags.labelName, tags.typeName], color: 'var(--cm-meta)' },
  { tag: [tags.separator, tags.punctuation, tags.squareBracket, tags.brace], color: 'var(--muted)' },
]);

const theme = EditorView.theme({
  '&': {
    color: 'var(--text)',
    backgroundColor: 'var(--panel-2)',
    fontSize: '16px',
    borderRadius: '6px',
    border: '1px solid var(--border)',
  },
  '&.cm-focused': { outline: '3px solid var(--focus)', outlineOffset: '2px' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)', borderLeftWidth: '2px' },
  '.cm-gutters': {
    backgroundColor: 'var(--panel)',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
    borderRadius: '6px 0 0 6px',
  },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)', color: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
    { backgroundColor: 'var(--cm-selection)' },
  '.cm-errorLine': { backgroundColor: 'var(--cm-error-line)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--failed) 2px' },
  '.cm-tooltip': {
    backgroundColor: 'var(--panel)',
    color: 'var(--text)',
    border: '1px solid var(--border)',
    fontFamily: 'var(--mono)',
  },
  '.cm-matchingBracket': { backgroundColor: 'var(--cm-selection)', outline: '1px solid var(--border)' },
});
