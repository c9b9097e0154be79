// Counts that agree with their number ("1 card", "2 cards", "0 games"): a count on the page
// changes as the game goes, and "1 cards" reads as a slip. The twin of the engine's
// text.counted, so the page and the terminal say counts alike. plural: for a noun that does not
// take an s ("1 copy", "3 copies").
export function counted(n, noun, plural = null) {
  return `${n} ${n === 1 ? noun : plural || `${noun}s`}`;
}
