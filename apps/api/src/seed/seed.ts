export async function seedIfEmpty(): Promise<{ accounts: string[] } | null> {
  return null;
}
