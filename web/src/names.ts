/** A player's name as people read it: guests' "~" mark dropped, a generated guest id as "Guest". */
export function playerName(name: string | undefined): string {
  const n = (name ?? "").replace(/^~/, "");
  return /^guest-[0-9a-f]+$/i.test(n) ? "Guest" : n;
}
