import type { Queryable } from '../types.ts';

/**
 * A specification sheet (CSV, generated from the product's own data) for the first
 * products of each company, so the files screen has something to show and download.
 */
export async function seedFiles(tx: Queryable): Promise<void> {
  await tx.exec(`
    insert into app.product_files (product_code, file_name, file_description, content_type, size_bytes, content)
    select product_code, lower(product_code) || '-specification.csv', 'Specification sheet', 'text/csv',
           octet_length(convert_to(sheet, 'UTF8')), convert_to(sheet, 'UTF8')
    from (
      select product_code,
             'product_code;name;weight_kg;length_cm;width_cm;height_cm;volume_m3' || chr(10) ||
             product_code || ';' || (product_name ->> 'en') || ';' || coalesce(weight::text, '') || ';' || coalesce(length::text, '') || ';' ||
             coalesce(width::text, '') || ';' || coalesce(height::text, '') || ';' || coalesce(volume::text, '') || chr(10) as sheet
      from (select *, row_number() over (partition by company_code order by product_code) as n from app.products) p
      where n <= 20
    ) s;
  `);
}
