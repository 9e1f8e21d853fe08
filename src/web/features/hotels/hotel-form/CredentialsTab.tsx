import { FormFields } from '../../../components/ui/FormFields';
import type { FormState } from '../../../components/ui/use-form';
import { NEW_LOGIN_FIELDS, type NewLogin } from '../../passwords';

/** Credentials: the new hotel's login; an edited hotel keeps its own. */
export function CredentialsTab({ editing, login }: { editing: boolean; login: FormState<NewLogin> }) {
  if (editing)
    return (
      <p className="hotel-notice" role="tabpanel" aria-label="Credentials">
        Login credentials are set when the hotel is created and cannot be changed here. The username is shown in the
        hotel’s details.
      </p>
    );
  return (
    <div className="hotel-form-grid" role="tabpanel" aria-label="Credentials">
      <p className="field-hint hotel-form-wide">The hotel signs in on the Hotel Login screen with these.</p>
      <FormFields form={login} fields={NEW_LOGIN_FIELDS} />
    </div>
  );
}
