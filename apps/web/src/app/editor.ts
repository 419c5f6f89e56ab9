// The editor: CodeMirror 6, one document (text and undo history) per language, and the
// stepper's line marks (the line just run, the next line) that typing clears.
import { basicSetup } from 'codemirror';
import { EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view';
import { python } from '@codemirror/lang-python';
import { javascript } from '@codemirror/lang-javascript';
import type { Language } from '../protocol';

/** Lines to mark: the next line to run and the one just run (1-based; null: none). */
export interface Marks {
  next: number | null;
  prev: number | null;
}

const setMarks = StateEffect.define<Marks | null>();
const nextLine = Decoration.line({ class: 'cm-next-line' });
const prevLine = Decoration.line({ class: 'cm-prev-line' });

const marksField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    if (tr.docChanged) value = Decoration.none;
    for (const effect of tr.effects) {
      if (!effect.is(setMarks)) continue;
      const marks = effect.value;
      const ranges = [];
      const doc = tr.state.doc;
      const at = (n: number | null) => (n !== null && n >= 1 && n <= doc.lines ? doc.line(n).from : null);
      const next = at(marks?.next ?? null);
      const prev = at(marks?.prev ?? null);
      if (prev !== null && prev !== next) ranges.push(prevLine.range(prev));
      if (next !== null) ranges.push(nextLine.range(next));
      ranges.sort((a, b) => a.from - b.from);
      value = Decoration.set(ranges);
    }
    return value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

function languageExtension(language: Language): Extension {
  if (language === 'python') return python();
  return javascript({ typescript: language === 'typescript' });
}

export class Editor {
  readonly view: EditorView;
  private states = new Map<Language, EditorState>();
  private current: Language;
  /** Called when the person edits the text (not when the app sets it). */
  onEdit: () => void = () => {};

  constructor(parent: HTMLElement, language: Language, texts: Record<Language, string>) {
    this.current = language;
    for (const lang of Object.keys(texts) as Language[]) this.states.set(lang, this.makeState(lang, texts[lang]));
    this.view = new EditorView({ state: this.states.get(language)!, parent });
  }

  private makeState(language: Language, text: string): EditorState {
    return EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        languageExtension(language),
        marksField,
        EditorView.updateListener.of((update) => {
          if (update.docChanged && update.transactions.some((t) => t.isUserEvent('input') || t.isUserEvent('delete') || t.isUserEvent('undo') || t.isUserEvent('redo') || t.isUserEvent('move'))) this.onEdit();
        }),
        EditorView.contentAttributes.of({ 'aria-label': `${language} program` }),
      ],
    });
  }

  get language(): Language {
    return this.current;
  }

  /** Shows the document of `language` (each keeps its text and undo history). */
  switchTo(language: Language): void {
    if (language === this.current) return;
    this.states.set(this.current, this.view.state);
    this.current = language;
    this.view.setState(this.states.get(language)!);
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  /** Starts `language`'s document afresh with `text` (no undo history). */
  resetText(language: Language, text: string): void {
    const state = this.makeState(language, text);
    this.states.set(language, state);
    if (language === this.current) this.view.setState(state);
  }

  /** Replaces the current document's text (undoable). */
  setText(text: string): void {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  /** Marks the lines of a step and scrolls the next one into view. */
  mark(marks: Marks | null): void {
    const effects: StateEffect<unknown>[] = [setMarks.of(marks)];
    const doc = this.view.state.doc;
    if (marks?.next && marks.next <= doc.lines) effects.push(EditorView.scrollIntoView(doc.line(marks.next).from, { y: 'nearest' }));
    this.view.dispatch({ effects });
  }
}
