/** A player's name as people read it: guests' "~" mark dropped, a generated guest id as "Guest". */
export function playerName(name: string | undefined): string {
  const n = (name ?? "").replace(/^~/, "");
  return /^guest-[0-9a-f]+$/i.test(n) ? "Guest" : n;
}

/** A bot seat in words, with its level when known: "bot (normal)" (docs/bots.md). */
export function botWords(level: string | undefined): string {
  return level ? `bot (${level})` : "bot";
}
