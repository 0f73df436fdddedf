// One value of a node: a literal typed in, or a reference picked from the outputs of the nodes
// before it (the picker lists them by node and field).
import { memo } from "react";
import { VALUE_TYPES, type ValueForm } from "./forms";
import { optionKey, type RefOption } from "./references";

export const ValueField = memo(function ValueField({
  label,
  value,
  options,
  onChange,
  fixedType,
  refOnly,
}: {
  label: string;
  value: ValueForm;
  options: RefOption[];
  onChange: (value: ValueForm) => void;
  fixedType?: boolean;
  refOnly?: boolean;
}) {
  const key = value.blockID ? optionKey(value) : "";
  const known = options.some((o) => optionKey(o) === key);
  return (
    <div className="wf-value" role="group" aria-label={label}>
      {!fixedType && (
        <select aria-label={`${label} type`} value={value.type} onChange={(e) => onChange({ ...value, type: e.target.value })}>
          {VALUE_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
      )}
      {!refOnly && (
        <select aria-label={`${label} source`} value={value.mode} onChange={(e) => onChange({ ...value, mode: e.target.value as ValueForm["mode"] })}>
          <option value="literal">Value</option>
          <option value="ref">Reference</option>
        </select>
      )}
      {value.mode === "ref" || refOnly ? (
        <select
          aria-label={`${label} reference`}
          value={key}
          onChange={(e) => {
            const picked = options.find((o) => optionKey(o) === e.target.value);
            onChange(picked ? { ...value, mode: "ref", blockID: picked.blockID, name: picked.name, type: fixedType ? value.type : picked.type }
              : { ...value, mode: "ref", blockID: "", name: "" });
          }}
        >
          <option value="">Pick an output…</option>
          {!known && key && <option value={key}>{`${value.blockID} › ${value.name} (not before this node)`}</option>}
          {options.map((o) => (
            <option key={optionKey(o)} value={optionKey(o)}>{`${o.nodeTitle} › ${o.name} (${o.type})`}</option>
          ))}
        </select>
      ) : value.type === "boolean" ? (
        <select aria-label={`${label} value`} value={value.text === "true" ? "true" : "false"} onChange={(e) => onChange({ ...value, text: e.target.value })}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      ) : (
        <input aria-label={`${label} value`} value={value.text} onChange={(e) => onChange({ ...value, text: e.target.value })}
          placeholder={value.type === "list" || value.type === "object" ? "JSON" : ""} />
      )}
    </div>
  );
});
