// /digital-class: the learning screen of the digital-class courses.
import { LearningScreen } from './learning-screen';

export default function DigitalClassScreen() {
  return <LearningScreen area="digital-class" />;
}
