import styles from './ui.module.css';

export function Spinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`${styles.spinner} ${styles[`spinner-${size}`]}`} role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
