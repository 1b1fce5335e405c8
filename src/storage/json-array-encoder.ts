/**
 * The UTF-8 JSON of a growing array, kept between writes so that writing a file of thousands of
 * items costs only encoding the new ones: no JSON.stringify or Buffer copy of the whole file on
 * the event loop, and no garbage the size of the file (which, made for every write of a burst,
 * fills V8's old generation and brings its slow full collections into the requests). Items must
 * not change once encoded (inquiries are never edited). The array may also shrink back to an
 * earlier prefix (a failed write is dropped); items are compared by identity. `encodeItem` gives
 * one item's JSON: by default the item itself, or for an object's members `"key":value`.
 */
export class JsonArrayEncoder<T> {
  private buffer = Buffer.alloc(64 * 1024);
  private length = 0;
  private readonly items: T[] = [];
  /** Byte offset just past each item, so the encoding can be cut back to any prefix. */
  private readonly ends: number[] = [];

  constructor(private readonly encodeItem: (item: T) => string = (item) => JSON.stringify(item)) {}

  /**
   * The items' JSON joined by commas, without the brackets (or braces). The view is valid until the next
   * call; the caller writes it before encoding again.
   */
  encode(list: readonly T[]): Buffer {
    let kept = 0;
    const common = Math.min(list.length, this.items.length);
    while (kept < common && list[kept] === this.items[kept]) kept += 1;
    this.items.length = kept;
    this.ends.length = kept;
    this.length = kept > 0 ? (this.ends[kept - 1] ?? 0) : 0;

    for (let i = kept; i < list.length; i += 1) {
      const item = list[i] as T;
      const text = `${i > 0 ? ',' : ''}${this.encodeItem(item)}`;
      this.reserve(Buffer.byteLength(text));
      this.length += this.buffer.write(text, this.length);
      this.items.push(item);
      this.ends.push(this.length);
    }
    return this.buffer.subarray(0, this.length);
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    // Doubling keeps the copies rare: the whole encoding is copied about log2(size) times in all.
    const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
