/**
 * Texts in each UI language's order (CLDR's collation of the language): what the API and
 * unit tests of core/query/collation.ts expect. Czech: Č after C, "ch" after "h"; Hungarian:
 * Á and Ó among A and O, "cs" after every c, Ö/Ő after O; German: Ä with A, ß as ss;
 * Bulgarian: Cyrillic before Latin; English: Latin before Cyrillic. Case only breaks ties
 * (lower case first).
 */
export const ORDERED: Record<string, string[]> = {
  cs: ['cibule', 'Cibule', 'Čaj', 'čokoláda', 'Dýně', 'hrách', 'Hrách', 'chleba', 'Chrást', 'řepa', 'Řepa', 'sůl', 'šunka', 'zelí', 'žito'],
  hu: ['Ábel', 'Alma', 'Azúr', 'Bor', 'cukor', 'Czakó', 'csak', 'Óra', 'ozmózis', 'Őrs', 'ötös', 'Pál', 'Zebra', 'zsák'],
  de: ['apfel', 'Apfel', 'Äpfel', 'Azur', 'Bach', 'Öl', 'Ozean', 'Strasse', 'Straße', 'Strast', 'Übel', 'Uhr', 'Zucker'],
  bg: ['Ананас', 'банан', 'Банан', 'Шоколад', 'Ябълка', 'Apple', 'zebra'],
  en: ['apple', 'Apple', 'Ápple', 'banana', 'Banana', 'cherry', 'Zebra', 'Ананас'],
};
