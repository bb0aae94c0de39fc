// The profile's rules (spec part 2 §3 Profile, §4 Profile, §5): complete only when name, state,
// city, dob, gender, email and photo are all present; name and email trimmed. The server computes
// profileComplete with the same function the app uses for an edit not yet confirmed.

export interface CompletenessFields {
  name: string;
  email: string;
  gender: 'male' | 'female' | null;
  dob: { year: number; month: number; day: number } | null;
  state: { code: string; name: string } | null;
  city: string;
  photo: string | null;
}

export function isProfileComplete(p: CompletenessFields): boolean {
  return p.name.trim() !== '' && p.state !== null && p.city.trim() !== '' && p.dob !== null && p.gender !== null && p.email.trim() !== '' && p.photo !== null;
}

/** Which of the seven are still missing (the profile screen lists them). */
export function missingProfileFields(p: CompletenessFields): ('name' | 'email' | 'gender' | 'dob' | 'state' | 'city' | 'photo')[] {
  const missing: ('name' | 'email' | 'gender' | 'dob' | 'state' | 'city' | 'photo')[] = [];
  if (p.name.trim() === '') missing.push('name');
  if (p.email.trim() === '') missing.push('email');
  if (p.gender === null) missing.push('gender');
  if (p.dob === null) missing.push('dob');
  if (p.state === null) missing.push('state');
  if (p.city.trim() === '') missing.push('city');
  if (p.photo === null) missing.push('photo');
  return missing;
}
