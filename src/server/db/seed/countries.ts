import type { Queryable } from '../types.ts';
import { insertRows, type Column } from './insert.ts';
import { ml, type Ml } from './languages.ts';

/** All EU members plus the main non-EU trading partners (origins and shipping destinations). */
export const countries: [code: string, names: Ml][] = [
  ['AT', ml('Austria', 'Österreich', 'Ausztria', 'Rakúsko', 'Austria', 'Rakousko', 'Австрия')],
  ['BE', ml('Belgium', 'Belgien', 'Belgium', 'Belgicko', 'Belgia', 'Belgie', 'Белгия')],
  ['BG', ml('Bulgaria', 'Bulgarien', 'Bulgária', 'Bulharsko', 'Bulgaria', 'Bulharsko', 'България')],
  ['HR', ml('Croatia', 'Kroatien', 'Horvátország', 'Chorvátsko', 'Croația', 'Chorvatsko', 'Хърватия')],
  ['CY', ml('Cyprus', 'Zypern', 'Ciprus', 'Cyprus', 'Cipru', 'Kypr', 'Кипър')],
  ['CZ', ml('Czechia', 'Tschechien', 'Csehország', 'Česko', 'Cehia', 'Česko', 'Чехия')],
  ['DK', ml('Denmark', 'Dänemark', 'Dánia', 'Dánsko', 'Danemarca', 'Dánsko', 'Дания')],
  ['EE', ml('Estonia', 'Estland', 'Észtország', 'Estónsko', 'Estonia', 'Estonsko', 'Естония')],
  ['FI', ml('Finland', 'Finnland', 'Finnország', 'Fínsko', 'Finlanda', 'Finsko', 'Финландия')],
  ['FR', ml('France', 'Frankreich', 'Franciaország', 'Francúzsko', 'Franța', 'Francie', 'Франция')],
  ['DE', ml('Germany', 'Deutschland', 'Németország', 'Nemecko', 'Germania', 'Německo', 'Германия')],
  ['GR', ml('Greece', 'Griechenland', 'Görögország', 'Grécko', 'Grecia', 'Řecko', 'Гърция')],
  ['HU', ml('Hungary', 'Ungarn', 'Magyarország', 'Maďarsko', 'Ungaria', 'Maďarsko', 'Унгария')],
  ['IE', ml('Ireland', 'Irland', 'Írország', 'Írsko', 'Irlanda', 'Irsko', 'Ирландия')],
  ['IT', ml('Italy', 'Italien', 'Olaszország', 'Taliansko', 'Italia', 'Itálie', 'Италия')],
  ['LV', ml('Latvia', 'Lettland', 'Lettország', 'Lotyšsko', 'Letonia', 'Lotyšsko', 'Латвия')],
  ['LT', ml('Lithuania', 'Litauen', 'Litvánia', 'Litva', 'Lituania', 'Litva', 'Литва')],
  ['LU', ml('Luxembourg', 'Luxemburg', 'Luxemburg', 'Luxembursko', 'Luxemburg', 'Lucembursko', 'Люксембург')],
  ['MT', ml('Malta', 'Malta', 'Málta', 'Malta', 'Malta', 'Malta', 'Малта')],
  ['NL', ml('Netherlands', 'Niederlande', 'Hollandia', 'Holandsko', 'Țările de Jos', 'Nizozemsko', 'Нидерландия')],
  ['PL', ml('Poland', 'Polen', 'Lengyelország', 'Poľsko', 'Polonia', 'Polsko', 'Полша')],
  ['PT', ml('Portugal', 'Portugal', 'Portugália', 'Portugalsko', 'Portugalia', 'Portugalsko', 'Португалия')],
  ['RO', ml('Romania', 'Rumänien', 'Románia', 'Rumunsko', 'România', 'Rumunsko', 'Румъния')],
  ['SK', ml('Slovakia', 'Slowakei', 'Szlovákia', 'Slovensko', 'Slovacia', 'Slovensko', 'Словакия')],
  ['SI', ml('Slovenia', 'Slowenien', 'Szlovénia', 'Slovinsko', 'Slovenia', 'Slovinsko', 'Словения')],
  ['ES', ml('Spain', 'Spanien', 'Spanyolország', 'Španielsko', 'Spania', 'Španělsko', 'Испания')],
  ['SE', ml('Sweden', 'Schweden', 'Svédország', 'Švédsko', 'Suedia', 'Švédsko', 'Швеция')],
  ['GB', ml('United Kingdom', 'Vereinigtes Königreich', 'Egyesült Királyság', 'Spojené kráľovstvo', 'Regatul Unit', 'Spojené království', 'Обединеното кралство')],
  ['US', ml('United States', 'Vereinigte Staaten', 'Egyesült Államok', 'Spojené štáty', 'Statele Unite', 'Spojené státy', 'Съединените щати')],
  ['CN', ml('China', 'China', 'Kína', 'Čína', 'China', 'Čína', 'Китай')],
  ['TR', ml('Türkiye', 'Türkei', 'Törökország', 'Turecko', 'Turcia', 'Turecko', 'Турция')],
  ['CH', ml('Switzerland', 'Schweiz', 'Svájc', 'Švajčiarsko', 'Elveția', 'Švýcarsko', 'Швейцария')],
  ['NO', ml('Norway', 'Norwegen', 'Norvégia', 'Nórsko', 'Norvegia', 'Norsko', 'Норвегия')],
  ['UA', ml('Ukraine', 'Ukraine', 'Ukrajna', 'Ukrajina', 'Ucraina', 'Ukrajina', 'Украйна')],
  ['RS', ml('Serbia', 'Serbien', 'Szerbia', 'Srbsko', 'Serbia', 'Srbsko', 'Сърбия')],
  ['JP', ml('Japan', 'Japan', 'Japán', 'Japonsko', 'Japonia', 'Japonsko', 'Япония')],
  ['TW', ml('Taiwan', 'Taiwan', 'Tajvan', 'Taiwan', 'Taiwan', 'Tchaj-wan', 'Тайван')],
  ['VN', ml('Vietnam', 'Vietnam', 'Vietnám', 'Vietnam', 'Vietnam', 'Vietnam', 'Виетнам')],
  ['IN', ml('India', 'Indien', 'India', 'India', 'India', 'Indie', 'Индия')],
];

/** The country rows (reference data: seeded, and synced on every start by referenceSync.ts). */
export const countryRows = countries.map(([country_code, country_names]) => ({ country_code, country_names }));

/** A country row's columns (the seed and the reference sync write the same). */
export const countryColumns: readonly Column[] = [
  ['country_code', 'text'],
  ['country_names', 'jsonb'],
];

export async function seedCountries(tx: Queryable): Promise<void> {
  await insertRows(tx, 'app.countries', countryColumns, countryRows);
}
