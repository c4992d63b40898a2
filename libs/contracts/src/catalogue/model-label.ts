// How a model is named on screen: "name version" (spec §2, "model (with version)"), without
// repeating a version the name already ends with (grok-3 / "3" reads "grok-3", not "grok-3 3").

interface ModelNaming {
  name: string;
  version?: string | null;
}

export function modelLabel({ name, version }: ModelNaming): string {
  const trimmed = version?.trim();
  if (!trimmed || name.endsWith(trimmed)) return name;
  return `${name} ${trimmed}`;
}
