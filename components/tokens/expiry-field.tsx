import { nativeSelectClass } from "@/components/app/native-select";
import { Field } from "@/components/ui/field";
import { TOKEN_EXPIRY_DAYS } from "@/lib/tokens/schema";

/** When a new token expires: in one of the offered numbers of days, or never. The value is the days as text, or "never". */
export function ExpiryField({ value, onChange, className }: { value: string; onChange: (value: string) => void; className?: string }) {
  return (
    <Field label="Expires" className={className}>
      {(control) => (
        <select {...control} className={nativeSelectClass} value={value} onChange={(e) => onChange(e.target.value)}>
          {TOKEN_EXPIRY_DAYS.map((d) => (
            <option key={d} value={String(d)}>
              In {d} days
            </option>
          ))}
          <option value="never">Never</option>
        </select>
      )}
    </Field>
  );
}

/** The days the API takes for an ExpiryField's value: null for never. */
export const expiresInDays = (value: string) => (value === "never" ? null : Number(value));
