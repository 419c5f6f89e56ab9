// Share links: `#v1.<base64url(deflate-raw(JSON {language, code, stdin}))>`. Opening one is
// hardened: version, alphabet, length, inflating stops at 1 MB, valid UTF-8, a JSON object,
// a known language, text code and stdin. A link never runs anything by itself.
import { LANGUAGES, type Language } from '../protocol';

/** Longest share link (the whole `#v1.…` fragment), in characters. */
export const MAX_LINK = 32_000;
/** Most bytes a link may inflate to. */
export const MAX_INFLATED = 1 << 20;
const PREFIX = '#v1.';

export interface Shared {
  language: Language;
  code: string;
  stdin: string;
}

/** Why a link was refused (the message says what is wrong, for the person who opened it). */
export class ShareError extends Error {}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pump(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new ShareError(`the link's program is larger than ${limit / (1 << 20)} MB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The share link fragment (`#v1.…`) of a program; throws ShareError above MAX_LINK. */
export async function encodeShare(shared: Shared): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify({ language: shared.language, code: shared.code, stdin: shared.stdin }));
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const link = PREFIX + toBase64Url(await pump(stream, Infinity));
  if (link.length > MAX_LINK) {
    throw new ShareError(`the link would be ${link.length.toLocaleString('en-US')} characters, over the ${MAX_LINK.toLocaleString('en-US')} a link may have: shorten the program`);
  }
  return link;
}

/** Reads a share link's fragment (with its `#`); throws ShareError saying what is wrong. */
export async function decodeShare(fragment: string): Promise<Shared> {
  if (!fragment.startsWith('#v')) throw new ShareError('this is not a share link');
  if (!fragment.startsWith(PREFIX)) throw new ShareError('this share link comes from another version of the app');
  if (fragment.length > MAX_LINK) throw new ShareError(`the link is longer than ${MAX_LINK.toLocaleString('en-US')} characters`);
  const body = fragment.slice(PREFIX.length);
  if (body.length === 0 || !/^[A-Za-z0-9_-]+$/.test(body) || body.length % 4 === 1) {
    throw new ShareError('the link is damaged: it has characters a share link never has');
  }
  let inflated: Uint8Array;
  try {
    const stream = new Blob([fromBase64Url(body)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    inflated = await pump(stream, MAX_INFLATED);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    throw new ShareError('the link is damaged: its data does not decompress');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    throw new ShareError('the link is damaged: its text is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ShareError('the link is damaged: its data is not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ShareError('the link is damaged: its data is not an object');
  const { language, code, stdin } = value as Record<string, unknown>;
  if (typeof language !== 'string' || !(LANGUAGES as readonly string[]).includes(language)) {
    throw new ShareError('the link names a language the app does not know');
  }
  if (typeof code !== 'string') throw new ShareError('the link has no program text');
  if (stdin !== undefined && stdin !== null && typeof stdin !== 'string') throw new ShareError('the link\'s input is not text');
  return { language: language as Language, code, stdin: typeof stdin === 'string' ? stdin : '' };
}
