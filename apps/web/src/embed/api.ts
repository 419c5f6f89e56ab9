// The embedding API's messages (window.postMessage between a host page and embed.html).
// Every message is an object with `algoscope: EMBED_PROTOCOL` and a `type`.
//
// Host → embed:  {type: 'load', language, code, stdin?, call?}   show a program (does not run it)
//                {type: 'run'}                                  run the program shown
//                {type: 'goto', step}                           show step `step` (0-based)
// Embed → host:  {type: 'ready'}                                the embed page listens
//                {type: 'outcome', kind, title, detail, steps}  a run ended (steps: 0 without a trace)
//                {type: 'step', step, count}                    the step shown changed (0-based)
//                {type: 'error', message}                       a message was refused
import type { Language } from '../protocol';

/** Version of the embedding messages. */
export const EMBED_PROTOCOL = 1;

export type HostMessage =
  | { algoscope: number; type: 'load'; language: Language; code: string; stdin?: string; call?: string }
  | { algoscope: number; type: 'run' }
  | { algoscope: number; type: 'goto'; step: number };

/** What the embed page tells its host (without the `algoscope` version field). */
export type EmbedEvent =
  | { type: 'ready' }
  | { type: 'outcome'; kind: string; title: string; detail: string; steps: number }
  | { type: 'step'; step: number; count: number }
  | { type: 'error'; message: string };

export type EmbedMessage = EmbedEvent & { algoscope: number };

/** "Step through on the first test case": the program with `call` appended as its last
 * statement (a file that only defines a function, and the call with the test's arguments). */
export function withCall(language: Language, code: string, call: string | undefined | null): string {
  if (!call || !call.trim()) return code;
  const body = code.endsWith('\n') || code === '' ? code : code + '\n';
  const line = call.trim();
  if (language === 'python') return `${body}\n${line}\n`;
  return `${body}\n${line.endsWith(';') ? line : line + ';'}\n`;
}
