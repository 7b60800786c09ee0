-- Text in the order of the user's language (src/core/query/collation.ts): one ICU collation per
-- UI language, app.text_<lang>, which the list engine sorts and pages texts by (the browser sorts
-- with Intl.Collator of the same language; tests/api/collation.test.ts holds them equal).
--
-- PGlite's ICU carries the root collation only (its data has coll/root.res and ucadata.icu, no
-- locale's tailoring): `locale = 'cs'` silently sorts as the root ('chleba' before 'hrách').
-- So where ICU rules can be given (PostgreSQL 16 and later, PGlite included) each collation is
-- the root with the language's standard CLDR tailoring (ICU's data/coll/<lang>.txt, 'standard'):
-- German and English have none. Before 16 (no `rules`) a server's ICU locale is used, whose
-- data then must include the languages (Debian's and most builds' do).
do $$
declare
  tailoring constant jsonb := jsonb_build_object(
    'en', '',
    'de', '',
    'hu', '&C<cs<<<Cs<<<CS &D<dz<<<Dz<<<DZ &DZ<dzs<<<Dzs<<<DZS &G<gy<<<Gy<<<GY &L<ly<<<Ly<<<LY '
      '&N<ny<<<Ny<<<NY &S<sz<<<Sz<<<SZ &T<ty<<<Ty<<<TY &Z<zs<<<Zs<<<ZS &O<ö<<<Ö<<ő<<<Ő &U<ü<<<Ü<<ű<<<Ű '
      '&cs<<<ccs/cs &Cs<<<Ccs/cs &CS<<<CCS/CS &dz<<<ddz/dz &Dz<<<Ddz/dz &DZ<<<DDZ/DZ '
      '&dzs<<<ddzs/dzs &Dzs<<<Ddzs/dzs &DZS<<<DDZS/DZS &gy<<<ggy/gy &Gy<<<Ggy/gy &GY<<<GGY/GY '
      '&ly<<<lly/ly &Ly<<<Lly/ly &LY<<<LLY/LY &ny<<<nny/ny &Ny<<<Nny/ny &NY<<<NNY/NY '
      '&sz<<<ssz/sz &Sz<<<Ssz/sz &SZ<<<SSZ/SZ &ty<<<tty/ty &Ty<<<Tty/ty &TY<<<TTY/TY '
      '&zs<<<zzs/zs &Zs<<<Zzs/zs &ZS<<<ZZS/ZS',
    'sk', '&A<ä<<<Ä &C<č<<<Č &H<ch<<<cH<<<Ch<<<CH &O<ô<<<Ô &R<ř<<<Ř &S<š<<<Š &Z<ž<<<Ž',
    'ro', '&A<ă<<<Ă<â<<<Â &I<î<<<Î &S<ş=ș<<<Ş=Ș &T<ţ=ț<<<Ţ=Ț',
    'cs', '&C<č<<<Č &H<ch<<<cH<<<Ch<<<CH &R<ř<<<Ř &S<š<<<Š &Z<ž<<<Ž',
    'bg', '[reorder Cyrl]');
  lang text;
begin
  for lang in select jsonb_object_keys(tailoring) loop
    if current_setting('server_version_num')::int >= 160000 then
      execute format('create collation app.%I (provider = icu, locale = %L, rules = %L)', 'text_' || lang, 'und', tailoring ->> lang);
    else
      execute format('create collation app.%I (provider = icu, locale = %L)', 'text_' || lang, lang);
    end if;
  end loop;
end $$;
