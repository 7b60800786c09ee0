-- The seed's language rows as the languages name themselves (issue 21): British English is
-- en-GB (ISO 3166 has no UK), Slovak and Czech are "Slovenčina" and "Čeština", not the
-- adjectives "Slovenský"/"Český". Only rows still holding the old seed values change: a name
-- an administrator gave stays.
update app.languages set iso_code = 'en-GB' where language_code = 'en' and iso_code = 'en-UK';
update app.languages set language_name = 'Slovenčina' where language_code = 'sk' and language_name = 'Slovenský';
update app.languages set language_name = 'Čeština' where language_code = 'cs' and language_name = 'Český';
