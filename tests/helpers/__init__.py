"""What several test modules share: builders of states and Battles, paths, stand-ins."""
