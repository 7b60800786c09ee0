-- Option names by convention (issue 45): the value `v` of an option column is named by the
-- catalogue key `options.<set>.<v>` (src/core/optionNames.ts; the set is the column's field
-- unless its descriptor's `optionsKey` says otherwise), no longer by a renderer per set with a
-- key scheme of its own. The catalogues (locales/*.json) name them so from this version on.
--
-- The catalogue in the database (056) follows the files at the next start, which would remove
-- the old keys and with them an administrator's captions (they cascade). So each old key is
-- renamed here first: its row takes the new key (the start then updates its texts as usual)
-- and its captions move with it, so an administrator's text for "On order" or "Receipt" is
-- still in force under the new key.
create temporary table option_key_renames (old_key text primary key, new_key text not null unique) on commit drop;
insert into option_key_renames (old_key, new_key) values
  ('grid.block_type_image', 'options.block_type.image'),
  ('grid.block_type_text', 'options.block_type.text'),
  ('grid.block_type_video', 'options.block_type.video'),
  ('grid.chat_engine_deepseek', 'options.engine.deepseek'),
  ('grid.chat_engine_openai', 'options.engine.openai'),
  ('grid.chat_role_assistant', 'options.role.assistant'),
  ('grid.chat_role_system', 'options.role.system'),
  ('grid.chat_role_user', 'options.role.user'),
  ('grid.log_add', 'options.log_action.add'),
  ('grid.log_delete', 'options.log_action.delete'),
  ('grid.log_set', 'options.log_action.set'),
  ('grid.measure_quantity', 'options.measure.quantity'),
  ('grid.measure_revenue', 'options.measure.revenue'),
  ('grid.movement_kind_correction', 'options.kind.correction'),
  ('grid.movement_kind_pick', 'options.kind.pick'),
  ('grid.movement_kind_receipt', 'options.kind.receipt'),
  ('grid.movement_kind_transfer', 'options.kind.transfer'),
  ('keep_in_stock.0', 'options.keep_in_stock.0'),
  ('keep_in_stock.1', 'options.keep_in_stock.1'),
  ('keep_in_stock.2', 'options.keep_in_stock.2'),
  ('news.error_blocked_address', 'options.last_error.blocked_address'),
  ('news.error_http_status', 'options.last_error.http_status'),
  ('news.error_invalid_feed', 'options.last_error.invalid_feed'),
  ('news.error_network', 'options.last_error.network'),
  ('news.error_timeout', 'options.last_error.timeout'),
  ('news.error_too_large', 'options.last_error.too_large'),
  ('news.error_too_many_items', 'options.last_error.too_many_items'),
  ('screens.ai_proposals.accepted', 'options.state.accepted'),
  ('screens.ai_proposals.description', 'options.field_name.description'),
  ('screens.ai_proposals.description_short', 'options.field_name.description_short'),
  ('screens.ai_proposals.proposed', 'options.state.proposed'),
  ('screens.ai_proposals.rejected', 'options.state.rejected'),
  ('screens.gtranslate.engine_deepl', 'options.translation_engine.deepl'),
  ('screens.gtranslate.engine_google', 'options.translation_engine.google'),
  ('screens.obd_texts.document_arriving_shipment', 'options.document_type.arriving_shipment'),
  ('screens.obd_texts.document_delivery_note', 'options.document_type.delivery_note'),
  ('screens.obd_texts.document_invoice', 'options.document_type.invoice'),
  ('screens.obd_texts.document_order', 'options.document_type.order'),
  ('screens.obd_texts.document_pick_list', 'options.document_type.pick_list'),
  ('screens.obd_texts.placement_footer', 'options.placement.footer'),
  ('screens.obd_texts.placement_header', 'options.placement.header'),
  ('screens.obd_texts.placement_terms', 'options.placement.terms');

-- The new keys (copies of the old rows' texts; none exists yet, but a re-run must not fail).
insert into app.catalogue_texts (text_key, texts)
select r.new_key, t.texts from option_key_renames r join app.catalogue_texts t on t.text_key = r.old_key
on conflict (text_key) do nothing;

-- The captions follow their key (a caption already under the new key wins).
update app.captions c set text_key = r.new_key
from option_key_renames r
where c.text_key = r.old_key
  and not exists (select 1 from app.captions n where n.text_key = r.new_key and n.language_code = c.language_code);

-- The old keys go, with any caption left behind by the rule above.
delete from app.catalogue_texts t using option_key_renames r where t.text_key = r.old_key;
