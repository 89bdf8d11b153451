/**
 * The rules text of "Your game" in a link: deflate-raw (CompressionStream) then base64url, marked
 * `d.`; where the browser has no CompressionStream, plain UTF-8 in base64url, marked `t.`. Pure and
 * async (the streams are), so it runs in Node's tests as in the page. Nothing here runs the text.
 */

/** Longest rules text a link carries (characters): a link is for a page of rules, not a library. */
export const MAX_LINK_RULES = 100_000;

/** Bytes as base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (padding optional) as bytes; an Error for anything else. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('the link is damaged: its rules are not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new Error('the link is damaged: its rules are not base64url');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function through(bytes: Uint8Array, stream: GenericTransformStream): Promise<Uint8Array> {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream as TransformStream<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** Whether this browser compresses links (CompressionStream with deflate-raw). */
export function canCompress(): boolean {
  if (typeof CompressionStream !== 'function') return false;
  try {
    new CompressionStream('deflate-raw');
    return true;
  } catch {
    return false;
  }
}

/** The rules text as a link parameter: `d.` + deflated base64url where the browser can, `t.` + plain base64url otherwise. */
export async function encodeRules(text: string, compress = canCompress()): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  if (compress) return `d.${toBase64Url(await through(bytes, new CompressionStream('deflate-raw')))}`;
  return `t.${toBase64Url(bytes)}`;
}

/** The rules text back from a link parameter; an Error with one line saying what is wrong. */
export async function decodeRules(param: string): Promise<string> {
  const mark = param.slice(0, 2);
  const bytes = fromBase64Url(param.slice(2));
  let raw: Uint8Array;
  if (mark === 't.') raw = bytes;
  else if (mark === 'd.') {
    if (typeof DecompressionStream !== 'function')
      throw new Error('this browser cannot open compressed links (no DecompressionStream)');
    try {
      raw = await through(bytes, new DecompressionStream('deflate-raw'));
    } catch {
      throw new Error('the link is damaged: its rules do not decompress');
    }
  } else throw new Error("the link is damaged: its rules start with neither 'd.' nor 't.'");
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new Error('the link is damaged: its rules are not UTF-8 text');
  }
  if (text.length > MAX_LINK_RULES)
    throw new Error(`the link's rules are longer than ${MAX_LINK_RULES.toLocaleString('en')} characters`);
  return text;
}
