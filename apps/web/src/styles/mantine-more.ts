// Imported (dynamically) by every lazy screen and lazy header part: the rest of Mantine's component styles.
import './mantine-more.css';
