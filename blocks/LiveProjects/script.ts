/** The carousel before React: the shell runs it for each block of this type (renderer/ui/carousel-script.ts). */
import { startCarousel } from '../../renderer/ui/carousel-script.ts';

export default startCarousel;
