import { Field } from '../../../components/ui/Field';

interface Props {
  editing: boolean;
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
}

/** Credentials: the new hotel's login; an edited hotel keeps its own. */
export function CredentialsTab({ editing, username, password, onUsername, onPassword }: Props) {
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
      <Field
        label="Username"
        required
        autoComplete="off"
        placeholder="Enter username"
        value={username}
        onChange={(e) => onUsername(e.target.value)}
        maxLength={100}
      />
      <Field
        label="Password"
        required
        type="password"
        autoComplete="new-password"
        placeholder="Enter password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        maxLength={128}
        hint="8 to 128 characters, not a common password."
      />
    </div>
  );
}
