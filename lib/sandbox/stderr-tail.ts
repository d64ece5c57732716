/** The last bytes a server wrote on stderr, for the reason it stopped; the rest is dropped, never stored or logged. */
export class StderrTail {
  private text = "";
  constructor(private readonly keep = 2048) {}
  add(chunk: Buffer): void {
    this.text = (this.text + chunk.toString("utf8")).slice(-this.keep);
  }
  toString(): string {
    return this.text;
  }
}
