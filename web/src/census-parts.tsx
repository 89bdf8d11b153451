/** Pieces both census views (normal and misère) draw the same way: the code filter with its count, and a sortable column head. */

/** Rows drawn at most (filters narrow the rest). */
export const MAX_ROWS_SHOWN = 500;

/** A table's sort: a column key, descending or not. */
export interface Sort<K extends string> {
  readonly key: K;
  readonly down: boolean;
}

/** The code filter (a substring of the standard form) and how many rows the filters keep. */
export function CodeFilter(props: { filter: string; setFilter: (filter: string) => void; shown: number }) {
  return (
    <>
      <label>
        Code{' '}
        <input
          id="census-filter"
          value={props.filter}
          size={8}
          onInput={(e) => props.setFilter(e.currentTarget.value)}
          spellcheck={false}
        />
      </label>
      <span id="census-count">
        {props.shown} shown{props.shown > MAX_ROWS_SHOWN ? ` (first ${MAX_ROWS_SHOWN} drawn)` : ''}
      </span>
    </>
  );
}

/** A column head that sorts by its column, ascending first, and shows the direction when it is the sort. */
export function SortButton<K extends string>(props: {
  column: K;
  label: string;
  sort: Sort<K>;
  setSort: (sort: Sort<K>) => void;
}) {
  const { column, sort } = props;
  return (
    <button
      type="button"
      class="link"
      data-sort={column}
      onClick={() => props.setSort({ key: column, down: sort.key === column ? !sort.down : false })}
    >
      {props.label}
      {sort.key === column ? (sort.down ? ' ▼' : ' ▲') : ''}
    </button>
  );
}
