import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abbreviationTables, countSentences, LONGEST_LAST_WORD, splitSentences, variantsOf } from "../../src/lint/sentences.js";

const seedDescription = (which: "good" | "bad") =>
  (JSON.parse(readFileSync(new URL(`../fixtures/lint/seed-001/schemas/${which}.json`, import.meta.url), "utf8")) as { description: string })
    .description;

describe("countSentences", () => {
  it("counts seed 001's good French get_stock_price description as 5 sentences (passes a minimum of 3)", () => {
    expect(countSentences(seedDescription("good"))).toBe(5);
  });

  it("counts seed 001's bad one as 1 sentence (flagged)", () => {
    expect(countSentences(seedDescription("bad"))).toBe(1);
  });

  const table: [string, string, number][] = [
    ["plain sentences", "One. Two. Three.", 3],
    ["no final terminator", "One. Two", 2],
    ["empty", "", 0],
    ["only white space and punctuation", "  ...  ", 0],
    ["e.g. and i.e.", "Use it for stocks, e.g. AAPL or MSFT. It returns USD, i.e. US dollars. Nothing else.", 3],
    ["U.S. and other initialisms", "Only U.S. Exchanges are covered, like the NYSE. Prices are in USD.", 2],
    ["French par ex. and p. ex.", "Le symbole, par ex. AAPL pour Apple. Un autre, p. ex. MSFT. Fin.", 3],
    ["French c.-à-d. and M.", "Le prix, c.-à-d. Le dernier cours. Demandé par M. Dupont.", 2],
    ["Russian напр. and т.е.", "Тикер, напр. AAPL. Цена, т.е. Последняя сделка. Конец.", 3],
    ["Russian т. е. with a space", "Цена, т. е. Последняя сделка. Конец.", 2],
    ["German z. B. and d.h.", "Ein Symbol, z. B. AAPL. Der Preis, d.h. Der letzte Kurs.", 2],
    ["spaced initials", "Only U. S. Exchanges. Prices in USD.", 2],
    ["a decimal point", "The price is 3.5 dollars. It changes.", 2],
    ["a decimal comma", "Le prix est de 3,5 euros. Il change.", 2],
    ["a version number and a file name", "Needs v1.2.3 and reads config.json first. Then it runs.", 2],
    ["an ellipsis before a lowercase word", "It waits... then answers. Done.", 2],
    ["a Unicode ellipsis", "Il attend… puis répond. Fini.", 2],
    ["a spaced ellipsis", "It waits . . . then answers.", 1],
    ["an ellipsis ending a sentence", "It waits… The next call answers.", 2],
    ["question and exclamation marks", "Is it raining? Ask it! It knows.", 3],
    ["?! and !!! count once", "Really?! Yes!!! Fine.", 3],
    ["French spaces before ? and !", "Quel temps fait-il ? Il pleut ! Prends un parapluie.", 3],
    ["a question in guillemets, then lowercase", "« Quel temps fait-il ? » demande-t-il. Il pleut.", 2],
    ["Spanish inverted marks", "¿Llueve? ¡Sí! Toma un paraguas.", 3],
    ["code in backticks", "Call `client.get_price()` first. Then `a.b? c! d.` is ignored. Done.", 3],
    ["a fenced code block", "Example:\n```\nx = 1. y = 2! z?\n```\nThat is all. Done.", 2],
    ["a URL", "See https://example.com/a.b?q=1!x for details. It is public.", 2],
    ["a URL ending a sentence", "See https://example.com/docs. It is public.", 2],
    ["an e-mail address", "Write to support@example.com. Or call.", 2],
    ["CJK full stops", "これは本です。それはペンです。", 2],
    ["Chinese with ！ and ？", "查询股价。支持美股吗？支持！", 3],
    ["Arabic question mark", "ما هو السعر؟ السعر مرتفع.", 2],
    ["Hindi danda", "यह उपकरण मौसम बताता है। यह तापमान देता है।", 2],
    ["an abbreviation before a number", "See No. 5 and p. 12 for details. Done.", 2],
    ["lowercase after an unknown abbreviation", "It takes approx. ten seconds, vs. five before. Done.", 2],
    ["a blank line ends a paragraph", "Gets the weather\n\nUse it for today only", 2],
    ["list items count as sentences", "Use it when:\n- the user asks for a price\n- the user asks for a quote\n1. first\n2) second", 5],
    ["an ordered list marker is not a sentence end", "Steps:\n1. Open it.\n2. Read it.", 3],
    ["quotes after the terminator", 'He said "stop." Then it stopped.', 2],
    ["parenthesis after the terminator", "It returns a price (in USD.) Nothing else.", 2],
  ];
  it.each(table)("%s", (_name, text, expected) => {
    expect(countSentences(text), JSON.stringify(splitSentences(text))).toBe(expected);
  });
});

describe("splitSentences", () => {
  it("returns the sentences of the original text, code and URLs intact", () => {
    expect(splitSentences("Call `a.b()` now. See https://x.io/a.b. Done")).toEqual([
      "Call `a.b()` now.",
      "See https://x.io/a.b.",
      "Done",
    ]);
  });
});

describe("countSentences with a limit", () => {
  it("stops at the limit and counts fully below it", () => {
    const text = "One. Two. Three. Four. Five.";
    expect(countSentences(text)).toBe(5);
    expect(countSentences(text, 3)).toBe(3);
    expect(countSentences("One. Two.", 3)).toBe(2);
    expect(countSentences("", 3)).toBe(0);
  });
});

describe("the abbreviation tables (built on first use)", () => {
  /** variantsOf as it was: both spellings of every entry, through the two replacements. */
  function variantsBefore(entries: readonly string[]): Set<string> {
    const variants = new Set<string>();
    for (const entry of entries) {
      for (const spaced of [entry.replace(/\.(?=\S)/g, ". "), entry.replace(/\. /g, ".")]) {
        variants.add(spaced);
        variants.add(spaced.charAt(0).toUpperCase() + spaced.slice(1));
      }
    }
    return variants;
  }

  it("variantsOf (the dotless entries' shortcut) gives the variants of both replacements, in the same order (fixed seed)", () => {
    const entry = fc.string({ unit: fc.constantFrom("a", "B", ".", " ", "-", "à", "т", "ß", "ǆ"), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (entries) => {
        expect([...variantsOf(entries)]).toEqual([...variantsBefore(entries)]);
      }),
      { seed: 15, numRuns: 2000 },
    );
  });

  it("LONGEST_LAST_WORD is the longest last word of any variant", () => {
    const { any, beforeNumber } = abbreviationTables();
    expect(LONGEST_LAST_WORD).toBe(Math.max(...[...any, ...beforeNumber].map((e) => e.length - e.lastIndexOf(" ") - 1)));
  });
});
