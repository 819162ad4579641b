"""Easy Harp and Eight Off."""
