export interface SelectOption {
  value: string;
  label: string;
}

/** The options of a native select, after the empty choice when there is one. */
export function SelectOptions({ options, placeholder }: { options: SelectOption[]; placeholder?: string | undefined }) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
