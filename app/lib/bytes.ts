/** `chunks` one after another in one buffer; `size` is their total length when the caller counted it already. */
export function concatBytes(chunks: Uint8Array[], size = chunks.reduce((sum, c) => sum + c.byteLength, 0)) {
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  return all;
}
