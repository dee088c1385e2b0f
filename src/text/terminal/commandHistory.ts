/**
 * The terminal's ↑/↓ history, as a shell keeps it: ↑ walks back through the commands typed, ↓ forward, and
 * past the newest one the line typed before ↑ comes back. Repeated commands are kept once in a row.
 */
export class CommandHistory {
  private readonly items: string[] = [];
  /** Where ↑/↓ stand: items.length is "the line being typed". */
  private index = 0;
  private draft = '';

  push(command: string): void {
    if (command.trim() && this.items.at(-1) !== command) this.items.push(command);
    this.index = this.items.length;
    this.draft = '';
  }

  /** The line to show after one step back (-1) or forward (1) from `current`. */
  move(direction: -1 | 1, current: string): string {
    if (this.index === this.items.length) this.draft = current;
    this.index = Math.min(this.items.length, Math.max(0, this.index + direction));
    return this.index === this.items.length ? this.draft : this.items[this.index];
  }
}
