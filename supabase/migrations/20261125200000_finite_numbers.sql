-- The NaN/Infinity rule of 20261125100000_security_review.sql (item 11) for the numeric columns that
-- migrations after it added (payment orders, payout runs, catalogue fields, …): every numeric
-- column of the project's tables refuses 'NaN', 'Infinity' and '-Infinity'. Columns that already
-- carry the check are left alone, so this can run again in a later migration after new tables.
-- tests/db/security-review.test.ts scans the catalogue for columns without it.
do $$
declare
  v_column record;
  v_name text;
begin
  for v_column in
    select c.table_schema, c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema in ('public', 'private')
       and t.table_type = 'BASE TABLE'
       and c.data_type = 'numeric'
       and c.is_generated = 'NEVER'
  loop
    v_name := left(v_column.table_name || '_' || v_column.column_name || '_finite_check', 63);
    if not exists (
      select 1
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class r on r.oid = k.conrelid
        join pg_catalog.pg_namespace n on n.oid = r.relnamespace
       where n.nspname = v_column.table_schema and r.relname = v_column.table_name and k.conname = v_name
    ) then
      execute format(
        'alter table %I.%I add constraint %I check (%I not in (''NaN''::numeric, ''Infinity''::numeric, ''-Infinity''::numeric))',
        v_column.table_schema, v_column.table_name, v_name, v_column.column_name
      );
    end if;
  end loop;
end
$$;
