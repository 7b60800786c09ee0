/**
 * A state of the workflow diagram: its name between the arrows' handles (in on the left, out on
 * the right: the layout runs left to right). With the states page's `set` right a double click
 * on the name — or the state's menu's Rename — edits it in place: Enter saves the name in the
 * UI language, Escape leaves it.
 */
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { useRef } from 'react';
import { useIntl } from 'react-intl';

type StateNodeData = {
  label: string;
  /** The name is being edited in place. */
  renaming: boolean;
  /** May be renamed (the states page's `set`). */
  canRename: boolean;
  /** Starts (true) or ends the edit: the new text, or null to leave the name as it was. */
  rename(text: string | null): void;
  startRename(): void;
};
export type StateNodeType = Node<StateNodeData, 'state'>;

export function StateNode({ data }: NodeProps<StateNodeType>) {
  const intl = useIntl();
  // One end per edit: the input's blur as Enter or Escape removes it says nothing more.
  const ended = useRef(false);
  const end = (text: string | null) => {
    if (ended.current) return;
    ended.current = true;
    data.rename(text);
  };
  return (
    <>
      <Handle type="target" position={Position.Left} />
      {data.renaming ? (
        <input
          className="wf-rename nodrag"
          aria-label={intl.formatMessage({ id: 'workflow.rename' })}
          defaultValue={data.label}
          autoFocus
          onFocus={(e) => {
            ended.current = false;
            e.currentTarget.select();
          }}
          onKeyDown={(e) => {
            e.stopPropagation();
            if (e.key === 'Enter') end(e.currentTarget.value);
            else if (e.key === 'Escape') end(null);
          }}
          onBlur={(e) => end(e.currentTarget.value)}
        />
      ) : (
        <span className="wf-node-label" onDoubleClick={data.canRename ? () => data.startRename() : undefined}>
          {data.label}
        </span>
      )}
      <Handle type="source" position={Position.Right} />
    </>
  );
}
