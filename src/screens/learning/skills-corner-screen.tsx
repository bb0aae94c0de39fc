// /skills-corner: the learning screen of the skills-corner courses.
import { LearningScreen } from './learning-screen';

export default function SkillsCornerScreen() {
  return <LearningScreen area="skills-corner" />;
}
