import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../session/session.ts';
import { loadTypes, nameIn, type WorkflowType } from './board.ts';

/** The type a page opens with: sales orders, the business's everyday workflow, else the first. */
const firstType = (types: readonly WorkflowType[]): string | undefined => (types.some((t) => t.type_code === 'sales_order') ? 'sales_order' : types[0]?.type_code);

/** The workflow types (loaded once per page); `opened` hears the type to show first once they are in. */
export function useTypes(opened: (type: string) => void): WorkflowType[] {
  const [types, setTypes] = useState<WorkflowType[]>([]);
  const open = useRef(opened);
  useEffect(() => {
    let live = true;
    loadTypes().then(
      (t) => {
        if (!live) return;
        setTypes(t);
        const first = firstType(t);
        if (first) open.current(first);
      },
      () => live && setTypes([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return types;
}

/** The workflow type a page shows, by name in the UI language. */
export function TypePicker({ types, value, onChange }: { types: WorkflowType[]; value: string | undefined; onChange(type: string): void }) {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  return (
    <label className="workflow-type">
      <span>{intl.formatMessage({ id: 'workflow.type' })}</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {types.map((t) => (
          <option key={t.type_code} value={t.type_code}>
            {nameIn(t.type_names, lang) || t.type_code}
          </option>
        ))}
      </select>
    </label>
  );
}
