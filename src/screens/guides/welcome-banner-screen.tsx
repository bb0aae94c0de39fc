// /welcome-banner (spec part 1 §2): the welcome banner as a page; leaving it marks it seen.
import { useNavigate } from '@tanstack/react-router';
import { markGuideSeen } from '../../db/ui-surface';
import { WelcomeBanner } from './welcome-banner';
import './guides.css';

export default function WelcomeBannerScreen() {
  const navigate = useNavigate();
  const done = () => {
    void markGuideSeen('welcome-banner');
    void navigate({ to: '/home', replace: true });
  };
  return (
    <main className="welcome-page">
      <WelcomeBanner page onClose={done} onTour={null} />
    </main>
  );
}
