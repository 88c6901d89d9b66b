/** Shared by the rules that check names against `^[<chars>]{1,64}$`: explains why a name fails. */
export function whyNameInvalid(name: string, allowedChar: RegExp, allowedText: string, max = 64): string {
  if (name === "") return "it is empty";
  const bad = [...name].find((ch) => !allowedChar.test(ch));
  if (bad !== undefined) return `${JSON.stringify(bad)} is not allowed (use ${allowedText})`;
  return `it is ${name.length} characters long (at most ${max})`;
}
