import './chip-group.css';

export interface Chip {
  id: string;
  label: string;
}

export interface ChipGroupProps {
  /** the group's name, e.g. 'Categories' */
  label: string;
  chips: readonly Chip[];
  selected: string;
  onSelect: (id: string) => void;
}

/** One-of-many filter chips in a row that scrolls sideways; the chosen one is pressed. */
export function ChipGroup({ label, chips, selected, onSelect }: ChipGroupProps) {
  return (
    <div className="chip-group" role="group" aria-label={label}>
      {chips.map((c) => (
        <button key={c.id} type="button" className="chip-group__chip" aria-pressed={c.id === selected} onClick={() => onSelect(c.id)}>
          {c.label}
        </button>
      ))}
    </div>
  );
}
